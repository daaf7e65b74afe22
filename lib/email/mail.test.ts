import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { log } from "@/lib/log/logger";
import { startSmtpCatcher, firstLink, type SmtpCatcher } from "@/test/support/smtp-catcher";
import { sendMail } from "./mail";
import { readOutbox } from "./outbox";
import { passwordResetMail, verificationMail } from "./templates";

describe("sendMail", () => {
  let catcher: SmtpCatcher;
  const dataDir = path.join(os.tmpdir(), `verbatim-mail-${process.pid}`);
  const saved = { ...process.env };

  beforeAll(async () => {
    catcher = await startSmtpCatcher();
  });
  afterAll(async () => {
    await catcher.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it("delivers over SMTP_URL to a real SMTP server", async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${catcher.port}`;
    process.env.MAIL_FROM = "Verbatim <no-reply@verbatim.test>";
    const url = "http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Flogin-success";
    await sendMail(verificationMail("ada@example.com", "Ada <3", url));
    const mail = await catcher.waitFor("ada@example.com");
    expect(mail.subject).toBe("Verify your email for Verbatim");
    expect(mail.from).toBe("no-reply@verbatim.test");
    expect(firstLink(mail)).toBe(url);
    expect(mail.html).toContain("Ada &#60;3"); // the name is escaped in HTML
  });

  it("writes to the dev outbox when SMTP_URL is unset", async () => {
    delete process.env.SMTP_URL;
    process.env.DATA_DIR = dataDir;
    const info = jest.spyOn(log(), "info").mockImplementation(() => {});
    await sendMail(passwordResetMail("bob@example.com", "Bob", "http://localhost:3000/reset?token=xyz"));
    expect(readOutbox()[0]).toMatchObject({ to: "bob@example.com", subject: "Reset your Verbatim password" });
    // The server log shows the mail too, link included: a developer follows it from there.
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ to: "bob@example.com", text: expect.stringContaining("http://localhost:3000/reset?token=xyz") }), expect.any(String));
    info.mockRestore();
  });
});
