import { CLI_EXAMPLES, CLIENT_EXAMPLE } from "@/lib/api-docs/openapi-examples";

const pClass = "mt-2 leading-relaxed text-[var(--muted-foreground)]";
const codeBlock = "mt-2 overflow-x-auto rounded-lg bg-[var(--muted)] p-3 font-mono text-sm";

/** /docs/api's part on the typed client and the command line (sdk/), with their examples as the tests run them. */
export function ClientSection() {
  return (
    <section aria-labelledby="client" className="mt-10">
      <h2 id="client" className="text-2xl font-semibold">
        TypeScript client and command line
      </h2>
      <p className={pClass}>
        The repository holds a typed client (<code>sdk/verbatim-client.ts</code>, Node 20+) and the <code>verbatim</code> command line built on it. Both are typed by
        the same contract the server checks, upload through tus (a stopped upload of the same file resumes from what arrived), wait for a transcription by polling
        within the key&apos;s rate limit, and say the server&apos;s own sentence when it refuses. In a clone, after <code>npm install</code>, with{" "}
        <code>VERBATIM_URL</code> and <code>VERBATIM_API_KEY</code> set:
      </p>
      <dl className="mt-2 text-sm">
        {CLI_EXAMPLES.map(({ does, command }) => (
          <div key={command} className="mt-2">
            <dt className="text-[var(--muted-foreground)]">{does}</dt>
            <dd>
              <pre className={codeBlock}>{command}</pre>
            </dd>
          </div>
        ))}
      </dl>
      <p className={pClass}>
        It exits 0 when done, 1 when the server or the transcription refused or failed (the sentence is printed), 2 when the command itself was wrong.{" "}
        <code>npx verbatim help</code> lists every option. In a script of your own in the clone, run with <code>npx tsx my-script.ts</code>:
      </p>
      <pre className={codeBlock}>{CLIENT_EXAMPLE}</pre>
    </section>
  );
}
