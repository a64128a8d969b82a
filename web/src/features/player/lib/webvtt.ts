export type Cue = { start: number; end: number; text: string };

/** "01:02:03.500", "02:03.500" or "02:03,500" -> seconds; NaN when it is not a timestamp. */
export function parseTimestamp(value: string): number {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?$/.exec(value.trim());
  if (!match) return NaN;
  const [, h = '0', m = '0', s = '0', ms = '0'] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms.padEnd(3, '0')) / 1000;
}

/** The cues of a WebVTT file (chapters or subtitles); headers, NOTE and STYLE blocks are skipped. */
export function parseWebVtt(text: string): Cue[] {
  const cues: Cue[] = [];
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    const timingIndex = lines.findIndex((l) => l.includes('-->'));
    if (timingIndex === -1) continue;
    const [startText = '', rest = ''] = (lines[timingIndex] ?? '').split('-->');
    const start = parseTimestamp(startText);
    const end = parseTimestamp(rest.trim().split(/\s+/)[0] ?? '');
    if (Number.isNaN(start) || Number.isNaN(end)) continue;
    const cueText = lines
      .slice(timingIndex + 1)
      .join(' ')
      .replace(/<[^>]+>/g, '')
      .trim();
    cues.push({ start, end, text: cueText });
  }
  return cues;
}

/** The cue playing at `time`, by index; -1 between or outside cues. */
export function activeCueIndex(cues: readonly Cue[], time: number): number {
  return cues.findIndex((c) => time >= c.start && time < c.end);
}

/** The chapter that contains `time`: the last one that has started. */
export function activeChapterIndex(chapters: readonly Cue[], time: number): number {
  let index = -1;
  chapters.forEach((c, i) => {
    if (time >= c.start) index = i;
  });
  return index;
}

export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}
