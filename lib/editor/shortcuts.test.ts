import { SHORTCUTS, shortcutFor, type KeyPress } from "./shortcuts";

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...extra,
});

describe("shortcutFor", () => {
  it("maps the listed keys outside text fields", () => {
    expect(shortcutFor(press(" "), false)).toBe("play-pause");
    expect(shortcutFor(press("ArrowLeft"), false)).toBe("back-5");
    expect(shortcutFor(press("ArrowRight"), false)).toBe("forward-5");
    expect(shortcutFor(press("ArrowUp"), false)).toBe("previous-segment");
    expect(shortcutFor(press("ArrowDown"), false)).toBe("next-segment");
    expect(shortcutFor(press("z", { ctrlKey: true }), false)).toBe("undo");
    expect(shortcutFor(press("Z", { metaKey: true, shiftKey: true }), false)).toBe("redo");
    expect(shortcutFor(press("f", { metaKey: true }), false)).toBe("find");
    expect(shortcutFor(press("?", { shiftKey: true }), false)).toBe("help");
  });

  it("leaves plain keys to the text while typing", () => {
    expect(shortcutFor(press(" "), true)).toBeNull();
    expect(shortcutFor(press("ArrowLeft"), true)).toBeNull();
    expect(shortcutFor(press("z", { ctrlKey: true }), true)).toBeNull();
    expect(shortcutFor(press("?"), true)).toBeNull();
    expect(shortcutFor(press(" ", { ctrlKey: true }), true)).toBe("play-pause");
    expect(shortcutFor(press("f", { ctrlKey: true }), true)).toBe("find");
  });

  it("ignores other keys and modified arrows", () => {
    expect(shortcutFor(press("a"), false)).toBeNull();
    expect(shortcutFor(press("ArrowLeft", { altKey: true }), false)).toBeNull();
  });

  it("every action has a line in the help list", () => {
    for (const action of ["play-pause", "back-5", "forward-5", "previous-segment", "next-segment", "undo", "redo", "find", "help"]) {
      expect(SHORTCUTS.some((s) => s.action === action)).toBe(true);
    }
  });
});
