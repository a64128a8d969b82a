import { serverUrl } from '@/lib/api-client';

type ThumbnailSource = {
  thumbnail_url?: string | null;
  has_thumbnail?: boolean;
  job_id?: string | null;
  id?: string | null;
};

/**
 * SPEC 7 thumbnail order: (1) thumbnail_url; (2) has_thumbnail with job_id or id ->
 * the course thumbnail; (3) job_id -> the job's thumbnail; (4) none.
 */
export function thumbnailPath(item: ThumbnailSource): string | null {
  if (item.thumbnail_url) return item.thumbnail_url;
  const courseKey = item.job_id || item.id;
  if (item.has_thumbnail && courseKey) return `/api/media/course-thumbnail/${encodeURIComponent(courseKey)}`;
  if (item.job_id) return `/api/media/thumbnail/${encodeURIComponent(item.job_id)}`;
  return null;
}

/** The address an <img> uses: absolute URLs as they are, API paths on the API base. */
export function thumbnailSrc(item: ThumbnailSource): string | null {
  const path = thumbnailPath(item);
  if (path === null) return null;
  return /^https?:\/\//.test(path) || path.startsWith('data:') ? path : serverUrl(path);
}
