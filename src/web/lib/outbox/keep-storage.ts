// Photos kept on the device must survive the browser's clean-ups under storage pressure:
// asked once, when the first photo is kept, so the prompt (where a browser shows one) makes sense.
export function askToKeepStorage(): void {
  void navigator.storage?.persist?.().catch(() => false);
}
