/**
 * The one rule for text a person names something with — a title, a speaker, a display name,
 * a style, a plan, a file — wherever it comes from. Such a name is shown on one line in
 * lists, menus, exports and mail, so characters that break the line or silently reorder the
 * text around them (a right-to-left override can make "gpj.exe" read "exe.jpg") are taken
 * out, and the rest of the text is kept: removing them is friendlier than refusing the name.
 * A name that is empty afterwards is refused by its field, in the field's own words.
 * Transcript text is not a name and does not pass here.
 */

/** Line and paragraph breaks and tabs (CR, LF, TAB, VT, FF, NEL, U+2028, U+2029): a run becomes one space, so the words they separated stay apart. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;

/**
 * C0 and C1 control characters (U+0000–U+001F, U+007F–U+009F) and the invisible bidirectional
 * controls: marks (U+200E, U+200F, U+061C), embeddings and overrides (U+202A–U+202E),
 * isolates (U+2066–U+2069).
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` as a one-line name: breaks become spaces, controls go, the ends are trimmed. */
export function oneLine(text: string): string {
  return text.replace(BREAKS, " ").replace(CONTROLS, "").trim();
}
