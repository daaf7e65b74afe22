/** A date in billing texts and mail: "14 March 2027", in UTC, the same for every reader. */
export function billingDate(date: Date): string {
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(date);
}
