import { describe, expect, it } from 'vitest';
import { activeChapterIndex, activeCueIndex, formatClock, parseTimestamp, parseWebVtt } from '@/features/player/lib/webvtt';

const chapters = `WEBVTT

NOTE one chapter per scene

1
00:00:00.000 --> 00:00:12.500
What is photosynthesis?

2
00:00:12.500 --> 00:00:31.000
Light reactions

00:31.000 --> 01:02.250 line:0
<b>The Calvin cycle</b>
`;

describe('WebVTT', () => {
  it('parses timestamps with and without hours', () => {
    expect(parseTimestamp('00:01:02.500')).toBe(62.5);
    expect(parseTimestamp('01:02.25')).toBe(62.25);
    expect(parseTimestamp('1:00:00,000')).toBe(3600);
    expect(parseTimestamp('nonsense')).toBeNaN();
  });

  it('reads the cues of a chapters track, skipping NOTE blocks and markup', () => {
    expect(parseWebVtt(chapters)).toEqual([
      { start: 0, end: 12.5, text: 'What is photosynthesis?' },
      { start: 12.5, end: 31, text: 'Light reactions' },
      { start: 31, end: 62.25, text: 'The Calvin cycle' },
    ]);
  });

  it('finds the playing cue and chapter', () => {
    const cues = parseWebVtt(chapters);
    expect(activeCueIndex(cues, 13)).toBe(1);
    expect(activeCueIndex(cues, 100)).toBe(-1);
    expect(activeChapterIndex(cues, 100)).toBe(2);
    expect(activeChapterIndex(cues, 0)).toBe(0);
  });

  it('formats clock times', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(75.9)).toBe('1:15');
    expect(formatClock(3725)).toBe('1:02:05');
  });
});
