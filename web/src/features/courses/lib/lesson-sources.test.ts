import { describe, expect, it } from 'vitest';
import { lessonSourcesText, pageRanges, type LessonDocument } from '@/features/courses/lib/lesson-sources';

const document = (title: string | null, pages: number[] = [], passages = 2): LessonDocument => ({
  source_id: `s-${title ?? 'gone'}`,
  title,
  pages,
  passages,
});

describe('pageRanges', () => {
  it('says one page, or several with consecutive pages as ranges', () => {
    expect(pageRanges([4])).toBe('page 4');
    expect(pageRanges([2, 3])).toBe('pages 2–3');
    expect(pageRanges([1, 2, 3, 5])).toBe('pages 1–3, 5');
    expect(pageRanges([1, 3, 5])).toBe('pages 1, 3, 5');
    expect(pageRanges([7, 8, 9, 10, 12, 13, 20])).toBe('pages 7–10, 12–13, 20');
  });

  it('reads pages in any order, each once, and says nothing of none', () => {
    expect(pageRanges([5, 3, 1, 2, 3])).toBe('pages 1–3, 5');
    expect(pageRanges([])).toBe('');
  });
});

describe('lessonSourcesText', () => {
  it('names each document with its pages, joined by semicolons', () => {
    expect(lessonSourcesText([document('Velmora glass', [2, 3])])).toBe('From Velmora glass, pages 2–3');
    expect(lessonSourcesText([document('Velmora glass', [4]), document('Brine recipes')])).toBe(
      'From Velmora glass, page 4; Brine recipes',
    );
  });

  it('says a deleted document is one, last', () => {
    expect(lessonSourcesText([document(null, [2])])).toBe('From a document you deleted');
    expect(lessonSourcesText([document(null), document('Brine recipes'), document(null, [1])])).toBe(
      'From Brine recipes; 2 documents you deleted',
    );
  });

  it('says nothing for a lesson planned from the goal alone', () => {
    expect(lessonSourcesText([])).toBeNull();
  });
});
