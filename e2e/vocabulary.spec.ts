import { printersClip } from "./support/audio";
import { editorHydrated } from "./support/transcripts";
import { createUser, expect, logInViaApi, sql, test } from "./support/fixtures";

/** The user's newest transcription, once done. */
async function doneTranscription(email: string): Promise<string> {
  let id = "";
  await expect
    .poll(
      async () => {
        const [row] = await sql<{ id: string; status: string }>(
          "select t.id, t.status from transcriptions t join users u on u.id = t.user_id where u.email = $1 order by t.created_at desc limit 1",
          [email],
        );
        id = row?.id ?? "";
        return row?.status;
      },
      { timeout: 120_000 },
    )
    .toBe("done");
  return id;
}

test("a vocabulary and a replacement rule write the names right; the editor marks each change and undoes it", async ({ page, request }) => {
  test.setTimeout(180_000);
  const creds = await createUser(request);
  await logInViaApi(page, creds);

  // The account page: the personal vocabulary and rules.
  await page.goto("/account");
  const vocabulary = page.getByRole("region", { name: "Vocabulary" });
  await vocabulary.getByRole("textbox", { name: "Term", exact: true }).fill("Subiaco");
  await vocabulary.getByRole("textbox", { name: "Sounds like", exact: true }).fill("sue bee ah co");
  await vocabulary.getByRole("button", { name: "Add term" }).click();
  await expect(vocabulary.getByText("Sounds like: sue bee ah co")).toBeVisible();
  await vocabulary.getByRole("textbox", { name: "Term", exact: true }).fill("Pannartz");
  await vocabulary.getByRole("textbox", { name: "Sounds like", exact: true }).fill("can arts");
  await vocabulary.getByRole("button", { name: "Add term" }).click();
  await expect(vocabulary.getByText("2 of 200")).toBeVisible();
  // The same term in another case is refused with a sentence.
  await vocabulary.getByRole("textbox", { name: "Term", exact: true }).fill("subiaco");
  await vocabulary.getByRole("button", { name: "Add term" }).click();
  await expect(vocabulary.getByRole("alert")).toHaveText("“subiaco” is already in this vocabulary.");
  const replacements = page.getByRole("region", { name: "Replacements" });
  await replacements.getByRole("textbox", { name: "Find", exact: true }).fill("near rome");
  await replacements.getByRole("textbox", { name: "Replace with", exact: true }).fill("near Rome");
  await replacements.getByRole("button", { name: "Add rule" }).click();
  await expect(replacements.getByText("near rome → near Rome")).toBeVisible();

  // An upload: the names are written as spelt, each change marked with what the engine heard.
  await page.goto("/dashboard");
  await page.getByLabel("Choose audio files").setInputFiles(await printersClip());
  const id = await doneTranscription(creds.email);
  await page.goto(`/transcription/${id}`);
  await editorHydrated(page);
  const transcript = page.getByTestId("transcript");
  await expect(transcript).toContainText("Subiaco");
  await expect(transcript).toContainText("Pannartz");
  await expect(transcript).toContainText("near Rome");
  const subiaco = transcript.locator("[data-replaced]", { hasText: "Subiaco" });
  await expect(subiaco).toHaveAttribute("data-replaced", /soup|yeah|go/);

  // Undo writes back what the engine heard; the editor's Undo takes that back again.
  const heard = (await subiaco.getAttribute("data-replaced"))!;
  await page.getByRole("button", { name: `Undo the replacement: write “${heard}” again` }).click();
  await expect(transcript).toContainText(heard);
  await expect(transcript).not.toContainText("Subiaco");
  await page.getByRole("toolbar", { name: "Transcript tools" }).getByRole("button", { name: "Undo" }).click();
  await expect(transcript).toContainText("Subiaco");
});

test("the review of uncertain words: next plays each in context, keep is remembered, on a phone too", async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  await page.goto("/dashboard");
  // Terms for this upload alone go with it, each once.
  await page.getByRole("textbox", { name: "Terms for this upload" }).fill("Gutenberg, Subiaco, gutenberg");
  await page.getByLabel("Choose audio files").setInputFiles(await printersClip());
  const id = await doneTranscription(creds.email);
  const [{ vocabulary }] = await sql<{ vocabulary: Array<{ term: string }> }>("select vocabulary from transcriptions where id = $1", [id]);
  expect(vocabulary.map((v) => v.term)).toEqual(["Gutenberg", "Subiaco"]);
  await page.goto(`/transcription/${id}`);
  await editorHydrated(page);
  const bar = page.getByRole("region", { name: "Review uncertain words" });
  const left = bar.getByTestId("uncertain-left");
  await expect(left).toHaveText(/^\d+ uncertain words? to review$/);
  const before = Number((await left.textContent())!.match(/\d+/)![0]);
  await bar.getByRole("button", { name: "Next uncertain word" }).click();
  await expect(page.locator("[data-review]")).toHaveCount(1);
  // Played from a little before the word.
  await expect.poll(() => page.locator("audio").evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
  await bar.getByRole("button", { name: "Keep" }).click();
  await expect(left).toHaveText(before - 1 === 1 ? "1 uncertain word to review" : `${before - 1} uncertain words to review`);
  // Remembered: read again from the server.
  await expect.poll(async () => (await sql<{ n: number }>("select count(*)::int as n from transcript_segments s, jsonb_array_elements(s.words) w where s.transcription_id = $1 and (w->>'reviewed')::boolean", [id]))[0].n).toBe(1);
  await page.reload();
  await editorHydrated(page);
  await expect(page.getByRole("region", { name: "Review uncertain words" }).getByTestId("uncertain-left")).toHaveText(new RegExp(`^${before - 1} `));
  // F8 moves on from the keyboard too, and Previous goes back.
  const reviewed = page.locator("[data-review]");
  await page.keyboard.press("F8");
  await expect(reviewed).toHaveCount(1);
  await page.keyboard.press("F8");
  const second = await reviewed.textContent();
  await page.getByRole("region", { name: "Review uncertain words" }).getByRole("button", { name: "Previous" }).click();
  await expect(reviewed).toHaveCount(1);
  await expect(reviewed).not.toHaveText(second!);
  // Correct opens the word's segment with the word selected: typing writes over it, and its mark goes.
  const review = page.getByRole("region", { name: "Review uncertain words" });
  const word = (await reviewed.textContent())!.trim();
  await review.getByRole("button", { name: "Correct" }).click();
  const area = page.getByRole("textbox", { name: /^Text of the segment at / });
  await expect(area).toBeFocused();
  expect(await area.evaluate((a: HTMLTextAreaElement) => a.value.slice(a.selectionStart, a.selectionEnd))).toBe(word);
  await page.keyboard.type("Corrected");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("transcript")).toContainText("Corrected");
  await expect(review.getByTestId("uncertain-left")).toHaveText(new RegExp(`^${before - 2} `));
});
