import type { Mail } from "./message";

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(heading: string, body: string, action: { label: string; url: string }, footer: string) {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f4f4f5;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
<p style="line-height:1.5">${body}</p>
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#047857;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#71717a;line-height:1.5">${footer}</p>
</div></body></html>`;
}

export function verificationMail(to: string, name: string, url: string): Mail {
  return {
    to,
    subject: "Verify your email for Verbatim",
    text: `Hi ${name},\n\nWelcome to Verbatim. Confirm your email address to start transcribing:\n\n${url}\n\nThe link is valid for 24 hours. If you did not sign up, ignore this email.`,
    html: layout(
      "Confirm your email",
      `Hi ${escapeHtml(name)}, welcome to Verbatim. Confirm your email address to start transcribing.`,
      { label: "Verify email", url },
      "The link is valid for 24 hours. If you did not sign up, ignore this email.",
    ),
  };
}

export function passwordResetMail(to: string, name: string, url: string): Mail {
  return {
    to,
    subject: "Reset your Verbatim password",
    text: `Hi ${name},\n\nSomeone (hopefully you) asked to reset your Verbatim password. Choose a new one here:\n\n${url}\n\nThe link is valid for 1 hour. If you did not ask for this, ignore this email: your password stays the same.`,
    html: layout(
      "Reset your password",
      `Hi ${escapeHtml(name)}, someone (hopefully you) asked to reset your Verbatim password.`,
      { label: "Choose a new password", url },
      "The link is valid for 1 hour. If you did not ask for this, ignore this email: your password stays the same.",
    ),
  };
}

export function trialEndingMail(to: string, name: string, planName: string, trialEnd: string, accountUrl: string): Mail {
  return {
    to,
    subject: `Your Verbatim ${planName} trial ends on ${trialEnd}`,
    text: `Hi ${name},\n\nYour ${planName} trial ends on ${trialEnd}. After that your subscription starts and your card is charged, unless you cancel before then:\n\n${accountUrl}\n`,
    html: layout(
      `Your ${planName} trial ends on ${trialEnd}`,
      `Hi ${escapeHtml(name)}, your ${escapeHtml(planName)} trial ends on ${escapeHtml(trialEnd)}. After that your subscription starts and your card is charged, unless you cancel before then.`,
      { label: "Manage your plan", url: accountUrl },
      "You get this email once per trial.",
    ),
  };
}

export function paymentFailedMail(to: string, name: string, planName: string, accountUrl: string): Mail {
  return {
    to,
    subject: `Payment for your Verbatim ${planName} plan failed`,
    text: `Hi ${name},\n\nWe could not charge your card for ${planName}. Update your payment method to keep your plan; ${planName} features stay on for a few days while we retry:\n\n${accountUrl}\n`,
    html: layout(
      "Your payment failed",
      `Hi ${escapeHtml(name)}, we could not charge your card for ${escapeHtml(planName)}. Update your payment method to keep your plan; its features stay on for a few days while we retry.`,
      { label: "Update payment method", url: accountUrl },
      "If you already updated it, you can ignore this email.",
    ),
  };
}

/** Sent whether or not the user's tab is open (the server cannot tell): it says what happened, nothing about where they were. */
export function transcriptionEndedMail(to: string, name: string, title: string, succeeded: boolean, url: string): Mail {
  const heading = succeeded ? `Your transcript of “${title}” is ready` : `The transcription of “${title}” failed`;
  const body = succeeded ? "Open it to read, edit or export it." : "No minutes were counted; you can try again from the page below.";
  const sentence = `${heading.charAt(0).toLowerCase()}${heading.slice(1)}. ${body}`;
  return {
    to,
    subject: heading,
    text: `Hi ${name},\n\n${heading}. ${body}\n\n${url}\n\nYou can turn these emails off on your account page.`,
    html: layout(heading, `Hi ${escapeHtml(name)}, ${escapeHtml(sentence)}`, { label: succeeded ? "Open transcript" : "Open transcription", url }, "You can turn these emails off on your account page."),
  };
}

export function workspaceInvitationMail(to: string, inviter: string, workspace: string, role: string, url: string, days: number): Mail {
  return {
    to,
    subject: `${inviter} invited you to ${workspace} on Verbatim`,
    text: `Hi,\n\n${inviter} invited you to join the workspace “${workspace}” on Verbatim as ${role === "admin" ? "an admin" : `a ${role}`}. Open the invitation to accept it:\n\n${url}\n\nThe invitation is valid for ${days} days. Sign in (or sign up) with this email address to accept it. If you did not expect it, ignore this email.`,
    html: layout(
      `Join ${workspace} on Verbatim`,
      `${escapeHtml(inviter)} invited you to join the workspace “${escapeHtml(workspace)}” as ${role === "admin" ? "an admin" : `a ${escapeHtml(role)}`}.`,
      { label: "Open the invitation", url },
      `The invitation is valid for ${days} days. Sign in (or sign up) with this email address to accept it. If you did not expect it, ignore this email.`,
    ),
  };
}

/** Sent once when a webhook is disabled after failing too often in a row: nothing more is sent to it until its owner enables it again. */
export function webhookDisabledMail(to: string, name: string, endpoint: string, failures: number, lastError: string, url: string): Mail {
  const heading = "A webhook of yours was disabled";
  const body = `Verbatim stopped calling ${endpoint} after ${failures} failed attempts in a row. The last one: ${lastError} Events from now on are logged but not sent; enable the webhook again on the Developers page once your server answers, and resend what it missed.`;
  return {
    to,
    subject: heading,
    text: `Hi ${name},\n\n${body}\n\n${url}`,
    html: layout(heading, `Hi ${escapeHtml(name)}. ${escapeHtml(body)}`, { label: "Open the Developers page", url }, "You get this email once each time a webhook is disabled."),
  };
}
