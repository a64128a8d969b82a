import { describe, expect, it } from 'vitest';
import { readPreviewSource, readVideoOrder, videoCost, videoOrderSearch, type VideoOrder } from '@/lib/video-order';

describe('video order in an address', () => {
  it('reads back what it wrote', () => {
    const order: VideoOrder = { topic: 'Fractions & decimals?', level: 1, duration: 12, wpm: 170, subtitles: false };
    expect(readVideoOrder(new URLSearchParams(videoOrderSearch(order)))).toEqual(order);
  });

  it('reads numbers out of range as the defaults, and nothing without a topic', () => {
    expect(readVideoOrder(new URLSearchParams('topic=Tides&level=9&duration=99&wpm=abc'))).toEqual({
      topic: 'Tides',
      level: 2,
      duration: 5,
      wpm: 150,
      subtitles: true,
    });
    expect(readVideoOrder(new URLSearchParams('level=1'))).toBeNull();
  });

  it('names the create screen it came from, the lesson form when it names none', () => {
    const order: VideoOrder = { topic: '2x + 3 = 11', level: 2, duration: 3, wpm: 150, subtitles: true };
    expect(readPreviewSource(new URLSearchParams(videoOrderSearch(order, 'problem')))).toBe('problem');
    expect(readPreviewSource(new URLSearchParams(videoOrderSearch(order, 'lesson')))).toBe('lesson');
    expect(readPreviewSource(new URLSearchParams(videoOrderSearch(order)))).toBe('lesson');
    expect(readPreviewSource(new URLSearchParams('from=elsewhere'))).toBe('lesson');
  });

  it('costs 1 credit, 2 from 10 minutes', () => {
    expect(videoCost(9)).toBe(1);
    expect(videoCost(10)).toBe(2);
  });
});
