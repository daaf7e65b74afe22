import { transcriptionEndedMail } from "./templates";

const URL = "https://verbatim.test/transcription/t1";

describe("the mail when a transcription ends", () => {
  it("says plainly that the transcript is ready, with its link, whether or not the tab was open", () => {
    const mail = transcriptionEndedMail("ana@example.com", "Ana", "Board call", true, URL);
    expect(mail.subject).toBe("Your transcript of “Board call” is ready");
    expect(mail.text).toBe(`Hi Ana,\n\nYour transcript of “Board call” is ready. Open it to read, edit or export it.\n\n${URL}\n\nYou can turn these emails off on your account page.`);
    expect(mail.html).toContain("Hi Ana, your transcript of “Board call” is ready. Open it to read, edit or export it.");
    expect(mail.html).toContain(`href="${URL}"`);
    expect(`${mail.text} ${mail.html}`).not.toMatch(/away/);
  });

  it("says a failure cost nothing, and escapes the title in HTML", () => {
    const mail = transcriptionEndedMail("ana@example.com", "Ana", "<b>Call</b>", false, URL);
    expect(mail.subject).toBe("The transcription of “<b>Call</b>” failed");
    expect(mail.text).toContain("The transcription of “<b>Call</b>” failed. No minutes were counted; you can try again from the page below.");
    expect(mail.html).toContain("Hi Ana, the transcription of “&#60;b&#62;Call&#60;/b&#62;” failed.");
    expect(mail.html).not.toContain("<b>Call</b>");
  });
});
