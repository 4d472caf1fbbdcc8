/**
 * The end of a rest: a vibration where the device can, and a short beep from the Web Audio API (no audio files).
 * Browsers only let audio start after a user gesture, so the AudioContext is created by primeRestAlarm(), called
 * from the Complete Set click; the beep later plays on that already-unlocked context.
 */
let audioContext: AudioContext | null = null;

type AudioContextConstructor = new () => AudioContext;

function audioContextConstructor(): AudioContextConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  const legacy = (window as unknown as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext;
  return window.AudioContext ?? legacy;
}

/** Call from a user gesture: creates (or wakes) the audio context the beep will use. */
export function primeRestAlarm(): void {
  const AudioContextClass = audioContextConstructor();
  if (!AudioContextClass) return;
  try {
    audioContext ??= new AudioContextClass();
    if (audioContext.state === 'suspended') void audioContext.resume().catch(() => undefined);
  } catch {
    audioContext = null;
  }
}

function beep(context: AudioContext, startsAt: number): void {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = 880;
  // A quick fade in and out: no click at either end.
  gain.gain.setValueAtTime(0.0001, startsAt);
  gain.gain.exponentialRampToValueAtTime(0.4, startsAt + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, startsAt + 0.18);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(startsAt);
  oscillator.stop(startsAt + 0.2);
}

/** Rest is over: buzz and beep twice, wherever supported. */
export function soundRestAlarm(): void {
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') {
    try {
      navigator.vibrate([200, 100, 200]);
    } catch {
      // Vibration refused (no user activation yet): the beep still plays.
    }
  }
  if (!audioContext) return;
  try {
    const now = audioContext.currentTime;
    beep(audioContext, now);
    beep(audioContext, now + 0.3);
  } catch {
    // Audio unavailable: the screen and the vibration still tell.
  }
}
