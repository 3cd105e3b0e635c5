let context: AudioContext | null = null;

/**
 * A short two-note chime made by the browser (no file, nothing fetched). Browsers start audio
 * only after the user has interacted with the page; before that it stays silent.
 */
export function playChime(): void {
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    for (const [index, frequency] of [880, 1320].entries()) {
      const start = now + index * 0.12;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.3);
    }
  } catch {
    // No audio here (an old browser, a test environment): the notification goes without.
  }
}
