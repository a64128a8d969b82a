import { errorDetail, type ApiError } from '@/lib/api-client';
import { startJob } from '@/lib/start-job';
import type { Sent } from '@/types/api';
import type { components } from '@/types/openapi';

type Schemas = components['schemas'];

/** The body of POST /api/generate-lesson-video (SPEC 3). */
export type LessonVideoRequest = Sent<Schemas['GenerateLesson']>;

/** The body of POST /api/generate-all-lesson-videos (SPEC 3). */
export type BatchLessonRequest = Sent<Schemas['GenerateAll']>;

export type LessonVideoResponse = Schemas['LessonStarted'];
export type BatchLessonResponse = Schemas['BatchStarted'];

/** The server said why: its message stands (else the call's own one does). */
function hasDetail(error: ApiError): boolean {
  const detail = errorDetail(error);
  return detail !== undefined && detail !== null && detail !== '';
}

/** SPEC 8: the server's detail text, else 'Failed to start lesson generation: {status}'; no job id: 'No job ID returned from API'. */
export function generateLessonVideo(body: LessonVideoRequest): Promise<LessonVideoResponse> {
  return startJob<LessonVideoResponse>('/api/generate-lesson-video', body, {
    failure: (error) => (hasDetail(error) ? null : `Failed to start lesson generation: ${error.status}`),
  });
}

/** SPEC 8: the server's detail text, else 'Failed to start batch generation'. */
export function generateAllLessonVideos(body: BatchLessonRequest): Promise<BatchLessonResponse> {
  return startJob<BatchLessonResponse>('/api/generate-all-lesson-videos', body, {
    // One job per lesson asked for, each named.
    started: (answer) => {
      const ids = answer?.job_ids;
      return Array.isArray(ids) && ids.length === body.lesson_indices.length && ids.every((id) => typeof id === 'string' && id !== '');
    },
    failure: (error) => (hasDetail(error) ? null : 'Failed to start batch generation'),
  });
}
