import { formatDuration } from "@/lib/text/time-format";

/**
 * The sentences of the upload limits, the same wherever a limit is met: in the browser before
 * a byte is sent (a hint from the file's own metadata) and on the server, which checks again.
 * Free of server code, so the dashboard can import it.
 */
export function tooLargeSentence(maxMb: number): string {
  return `The file is larger than the ${maxMb} MB limit. Upload a smaller or shorter file.`;
}

export function quotaSentence(planName: string, neededS: number, leftS: number): string {
  return (
    `This recording is ${formatDuration(neededS)} long, but your ${planName} plan has ${formatDuration(leftS)} left this period. ` +
    "Upgrade your plan or upload a shorter file."
  );
}

export function noTimeLeftSentence(planName: string): string {
  return `Your ${planName} plan has no time left this period. Upgrade your plan to transcribe more.`;
}
