import type { Metadata } from "next";
import type { ReactNode } from "react";
import Link from "next/link";

export const metadata: Metadata = {
  // The root layout's template appends "· Verbatim".
  title: "Terms and privacy",
};

const h2Class = "mt-10 text-2xl font-semibold";
const h3Class = "mt-6 text-lg font-semibold";
const pClass = "mt-2 leading-relaxed text-[var(--muted-foreground)]";
const ulClass = "mt-2 list-disc space-y-1 pl-6 text-[var(--muted-foreground)]";
const linkClass = "underline underline-offset-2 hover:text-[var(--foreground)]";

function H3({ children }: { children: ReactNode }) {
  return <h3 className={h3Class}>{children}</h3>;
}

function P({ children }: { children: ReactNode }) {
  return <p className={pClass}>{children}</p>;
}

function UL({ children }: { children: ReactNode }) {
  return <ul className={ulClass}>{children}</ul>;
}

// Rendered per request like every page behind the proxy: its scripts need the nonce.
export const dynamic = "force-dynamic";

export default function TermsPage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <header className="mb-8">
        <Link href="/" className="text-xl font-semibold text-primary">
          <span aria-hidden>← </span>Back to Verbatim
        </Link>
      </header>
      <h1 className="text-3xl font-semibold">Terms and privacy</h1>
      <p className={pClass}>
        Verbatim makes transcription easy, right in your browser. This page
        sets out the terms that apply when you use Verbatim and explains what
        personal data we handle, why, and what control you have over it. We
        have tried to write it in plain English. Effective date: 21 November
        2026.
      </p>

      <nav aria-label="Contents" className="mt-6">
        <p className="text-sm font-semibold">Contents</p>
        <ul className={ulClass}>
          <li>
            <a href="#terms" className={linkClass}>
              Terms of Service
            </a>
          </li>
          <li>
            <a href="#privacy" className={linkClass}>
              Privacy Policy
            </a>
          </li>
        </ul>
      </nav>

      <section id="terms">
        <h2 className={h2Class}>Terms of Service</h2>

        <H3>1. Agreement</H3>
        <P>
          These terms are an agreement between you and the operator of this
          Verbatim service (“we”, “us”). By creating an account or using
          Verbatim you agree to them. If you use Verbatim on behalf of an
          organisation, you confirm that you are allowed to accept these terms
          for it. If you do not agree, please do not use the service.
        </P>

        <H3>2. The service</H3>
        <P>
          Verbatim lets you record audio in your browser (from your microphone,
          or from a browser tab together with your microphone) or upload audio
          files, and turns that audio into a transcript with timestamps. You
          can review and edit the transcript beside the audio and export it.
          Export formats include TXT, Markdown, PDF, SRT, VTT and DOCX; which
          ones are available depends on your plan. We may improve, change or
          remove features over time, and we will try to give reasonable notice
          of changes that materially reduce what a paid plan includes.
        </P>

        <H3>3. Your account</H3>
        <P>
          You can <Link href="/signup" className={linkClass}>sign up</Link>{" "}
          with an email address and password, which requires verifying your
          email address, or with a Google account. You must give accurate
          information, keep your password secure, and tell us promptly through
          the support address shown in the app if you think someone else has
          accessed your account. You are responsible for activity that takes
          place under your account.
        </P>

        <H3>4. Plans, billing and cancellation</H3>
        <P>
          Verbatim is offered on Free, Pro and Premium plans, and on Enterprise
          plans by separate contract. Plans differ in the number of hours of
          audio you can transcribe each month, the languages available, and
          the AI formatting features included. Current limits and prices are
          shown in the app at the time you subscribe.
        </P>
        <UL>
          <li>
            Pro and Premium are billed monthly or annually, in advance, through
            our payment provider Stripe. Subscriptions renew automatically
            until cancelled.
          </li>
          <li>
            A free trial may apply to some plans. Unless you cancel before the
            trial ends, the paid subscription starts automatically when it
            ends.
          </li>
          <li>
            Monthly transcription hours are counted per billing period. Unused
            hours do not roll over to the next period.
          </li>
          <li>
            You can cancel at any time. Cancellation takes effect at the end of
            the current billing period; you keep paid features until then and
            are not charged again.
          </li>
          <li>
            Upgrades take effect straight away. Downgrades, for example from
            Premium to Pro, take effect at the end of the current billing
            period.
          </li>
          <li>
            Except where the law requires otherwise, payments already made are
            not refunded for partial periods or unused hours.
          </li>
          <li>
            Enterprise plans are governed by the contract signed with your
            organisation, which takes precedence over these terms where the two
            differ.
          </li>
        </UL>

        <H3>5. Acceptable use</H3>
        <P>You agree that you will:</P>
        <UL>
          <li>
            only record, upload or transcribe audio that you have the right to
            record and transcribe;
          </li>
          <li>
            get the consent of the people being recorded wherever the law
            requires it, and tell them when you are recording where that is
            expected;
          </li>
          <li>
            not upload illegal content, or content that infringes anyone else’s
            rights, including copyright and privacy;
          </li>
          <li>
            not try to break, overload, reverse engineer or get around the
            limits or security of the service, or access other users’ data;
          </li>
          <li>
            not use the service to harass, defraud or harm anyone.
          </li>
        </UL>

        <H3>6. Your content</H3>
        <P>
          The audio you upload or record and the transcripts created from it
          remain yours. You give us permission to store, process and display
          that content only as needed to provide the service to you, for
          example to run speech recognition, apply the AI formatting you ask
          for, and generate exports. We do not claim ownership of your content
          and do not use it to train our own models.
        </P>

        <H3>7. Accuracy of transcripts</H3>
        <P>
          Transcripts are produced automatically and can contain errors,
          including misheard words, wrong speaker turns, missing passages and
          inaccurate timestamps. AI formatting can also change meaning. Always
          review a transcript before relying on it. Do not use Verbatim output
          without careful human review in situations where errors could cause
          harm, such as medical, legal, financial or safety-critical decisions.
        </P>

        <H3>8. Suspension and termination</H3>
        <P>
          You can stop using Verbatim and delete your account at any time from
          the <Link href="/account" className={linkClass}>Account</Link> page.
          We may suspend or deactivate an account that breaks these terms,
          that puts the service or other users at risk, or where we are
          required to by law. Where reasonable, we will tell you why and give
          you a chance to respond or export your content first.
        </P>

        <H3>9. Disclaimers and liability</H3>
        <P>
          Verbatim is provided “as is” and “as available”. We work to keep it
          reliable and secure, but we do not promise that it will be
          uninterrupted, error-free or suitable for every purpose. To the
          extent the law allows, we are not liable for indirect or
          consequential losses, lost profits or lost data, and our total
          liability for any claim relating to the service is limited to the
          amount you paid us in the twelve months before the claim arose.
          Nothing in these terms limits liability that cannot be limited by
          law, or your statutory rights as a consumer.
        </P>

        <H3>10. Changes to these terms</H3>
        <P>
          We may update these terms from time to time. When we make material
          changes we will update the effective date above and, where
          appropriate, notify you by email or in the app before the changes
          apply. If you keep using Verbatim after they take effect, the
          updated terms apply to you.
        </P>

        <H3>11. Contact</H3>
        <P>
          Questions about these terms can be sent to the support address shown
          in the app.
        </P>
      </section>

      <section id="privacy">
        <h2 className={h2Class}>Privacy Policy</h2>

        <H3>1. Who is responsible</H3>
        <P>
          The operator of this Verbatim service is responsible for the personal
          data described here. For Enterprise customers, the organisation may
          act as the controller of its users’ content, with us processing it
          on its behalf under its contract.
        </P>

        <H3>2. What we collect</H3>
        <UL>
          <li>
            <strong>Account data:</strong> your name, email address, profile
            picture (for example from Google sign-in), and your password in
            hashed form only. We never store your password in plain text.
          </li>
          <li>
            <strong>Your content:</strong> the audio files you upload or record
            and the transcripts created from them, including your edits.
          </li>
          <li>
            <strong>Usage data:</strong> how many seconds of audio you have
            transcribed in each billing period, so we can apply your plan’s
            limits.
          </li>
          <li>
            <strong>Billing records:</strong> your Stripe customer and
            subscription identifiers and your plan status. Card details are
            entered on and held by Stripe; they never reach or are stored by
            us.
          </li>
          <li>
            <strong>Technical data:</strong> session cookies and the basic
            request information our servers need to operate securely.
          </li>
        </UL>

        <H3>3. How we use it</H3>
        <P>We use this data to:</P>
        <UL>
          <li>create and secure your account and keep you signed in;</li>
          <li>transcribe, store, display and export your audio and transcripts;</li>
          <li>measure usage against your plan and handle billing;</li>
          <li>
            send essential emails, such as email verification, password resets
            and billing notices;
          </li>
          <li>
            prevent abuse and enforce these terms, and meet our legal
            obligations;
          </li>
          <li>
            understand and improve the product, through analytics only where
            enabled (see section 5).
          </li>
        </UL>
        <P>
          We process data to perform our contract with you, to meet legal
          obligations, and for our legitimate interest in running a secure and
          reliable service. We do not sell your personal data and do not use it
          for advertising.
        </P>

        <H3>4. Speech recognition, AI and sub-processors</H3>
        <P>
          Speech recognition runs on our servers using open-source engines
          (whisper.cpp and PocketSphinx). Where the operator has configured it,
          audio may instead be sent to an OpenAI-compatible speech-to-text API
          for transcription. If you use optional AI formatting, the text of the
          transcript (not the audio) may be sent to a large language model
          provider configured by the operator. These providers receive only
          what is needed for the request. We rely on the following kinds of
          sub-processors:
        </P>
        <UL>
          <li>hosting and storage providers that run our servers and keep your files;</li>
          <li>Stripe, for payments and subscription management;</li>
          <li>Google, if you choose to sign in with Google;</li>
          <li>an email delivery provider, for account and billing emails;</li>
          <li>
            where configured, a speech-to-text API provider and an LLM provider
            for AI formatting;
          </li>
          <li>PostHog, for product analytics, only when analytics is enabled.</li>
        </UL>
        <P>
          Some of these providers may process data in other countries. Where
          that happens, we rely on appropriate safeguards such as standard
          contractual clauses.
        </P>

        <H3>5. Cookies and local storage</H3>
        <P>
          We use session cookies that are strictly necessary to sign you in
          and keep your session secure; the service cannot work without them.
          Product analytics through PostHog is optional and is only used when
          it has been enabled. Your light or dark theme preference is saved in
          your browser’s localStorage and is not sent to our servers.
        </P>

        <H3>6. How long we keep data</H3>
        <P>
          We keep your account data, audio and transcripts for as long as your
          account exists, unless you delete them sooner. Usage and billing
          records are kept for as long as needed for accounting, tax and legal
          purposes, which may be longer than your account. Backups are
          overwritten on a rolling basis, so deleted data may persist in them
          for a short period before it is gone.
        </P>

        <H3>7. Your choices and rights</H3>
        <UL>
          <li>
            Deleting a transcription removes both its audio and its transcript.
          </li>
          <li>
            Deleting your account from the{" "}
            <Link href="/account" className={linkClass}>
              Account
            </Link>{" "}
            page removes your account and the data associated with it, except
            records we must keep by law.
          </li>
          <li>
            You can export your transcripts at any time in the formats your
            plan supports.
          </li>
          <li>
            Depending on where you live, you may have the right to access,
            correct, delete or port your data, to object to or restrict certain
            processing, and to complain to your data protection authority.
            Contact us at the support address shown in the app to exercise
            these rights.
          </li>
        </UL>

        <H3>8. Security</H3>
        <P>
          We protect your data with measures such as encrypted connections
          (HTTPS), hashed passwords, access controls and keeping each
          user’s files separate. No system is perfectly secure, but if a breach
          affects your personal data we will notify you and the relevant
          authorities as the law requires.
        </P>

        <H3>9. Children</H3>
        <P>
          Verbatim is not directed at children under 16, and we do not
          knowingly collect their personal data. If you believe a child has
          created an account, please contact us and we will remove it.
        </P>

        <H3>10. Changes and contact</H3>
        <P>
          We will update this policy when our practices change and revise the
          effective date above. For any privacy question or request, write to
          the support address shown in the app.
        </P>
      </section>
    </main>
  );
}
