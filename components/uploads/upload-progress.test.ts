import { formatBytes, formatTimeLeft, nextSpeed, progressLine } from "./upload-progress";

describe("upload progress line", () => {
  it("says bytes sent of the total, the speed and the time left", () => {
    expect(progressLine(12_400_000, 104_900_000, 8_200_000)).toBe("12.4 MB of 104.9 MB · 8.2 MB/s · 12 s left");
  });

  it("leaves speed and time out until there is a speed, and once everything is sent", () => {
    expect(progressLine(0, 1_073_741_824, null)).toBe("0 KB of 1.07 GB");
    expect(progressLine(5_000_000, 5_000_000, 1_000_000)).toBe("5.0 MB of 5.0 MB");
  });

  it("words long waits in minutes and hours", () => {
    expect(formatTimeLeft(41.2)).toBe("42 s left");
    expect(formatTimeLeft(59.2)).toBe("1 min left");
    expect(formatTimeLeft(600)).toBe("10 min left");
    expect(formatTimeLeft(2 * 3600 + 5 * 60)).toBe("2 h 5 min left");
    expect(formatBytes(999)).toBe("1 KB");
  });

  it("smooths the speed and starts afresh when a part is sent again", () => {
    let s = nextSpeed(null, 0, 0);
    s = nextSpeed(s, 1000, 1_000_000);
    expect(s.bytesPerSecond).toBe(1_000_000);
    s = nextSpeed(s, 2000, 4_000_000);
    expect(s.bytesPerSecond).toBeGreaterThan(1_000_000);
    expect(s.bytesPerSecond).toBeLessThan(3_000_000);
    expect(nextSpeed(s, 2100, 4_100_000)).toBe(s);
    expect(nextSpeed(s, 3000, 2_000_000).bytesPerSecond).toBeNull();
  });
});
