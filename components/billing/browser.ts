/** Page navigation used by the subscription modal, in one place so tests can replace it. */
export function reloadPage(): void {
  window.location.reload();
}

export function goTo(url: string): void {
  window.location.assign(url);
}
