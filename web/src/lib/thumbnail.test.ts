import { describe, expect, it } from 'vitest';
import { thumbnailPath } from '@/lib/thumbnail';

describe('thumbnail resolution order (SPEC 7)', () => {
  it('1. uses thumbnail_url when present', () => {
    expect(thumbnailPath({ thumbnail_url: '/api/media/thumbnail/j1?t=abc', has_thumbnail: true, job_id: 'j1', id: 'v1' })).toBe(
      '/api/media/thumbnail/j1?t=abc',
    );
  });

  it('2. with has_thumbnail, the course thumbnail of job_id, else id', () => {
    expect(thumbnailPath({ has_thumbnail: true, job_id: 'j1', id: 'v1' })).toBe('/api/media/course-thumbnail/j1');
    expect(thumbnailPath({ has_thumbnail: true, job_id: null, id: 'v1' })).toBe('/api/media/course-thumbnail/v1');
  });

  it("3. otherwise the job's thumbnail", () => {
    expect(thumbnailPath({ has_thumbnail: false, job_id: 'j1', id: 'v1' })).toBe('/api/media/thumbnail/j1');
  });

  it('4. otherwise none', () => {
    expect(thumbnailPath({ has_thumbnail: false, job_id: null, id: 'v1' })).toBeNull();
    expect(thumbnailPath({})).toBeNull();
  });
});
