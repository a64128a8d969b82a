import { ApiError, api } from '@/lib/api-client';
import type { Sent } from '@/types/api';
import type { components } from '@/types/openapi';

type Schemas = components['schemas'];

/** The body of POST /api/generate-lesson-video (SPEC 3). */
export type LessonVideoRequest = Sent<Schemas['GenerateLesson']>;

/** The body of POST /api/generate-all-lesson-videos (SPEC 3). */
export type BatchLessonRequest = Sent<Schemas['GenerateAll']>;

export type LessonVideoResponse = Schemas['LessonStarted'];
export type BatchLessonResponse = Schemas['BatchStarted'];

function hasDetail(error: ApiError): boolean {
  const body = error.body as { detail?: unknown } | undefined;
  return Boolean(body && body.detail !== undefined && body.detail !== null && body.detail !== '');
}

/** SPEC 8: the server's detail text, else 'Failed to start lesson generation: {status}'; no job id: 'No job ID returned from API'. */
export function generateLessonVideo(body: LessonVideoRequest): Promise<LessonVideoResponse> {
  return api.post<LessonVideoResponse>('/api/generate-lesson-video', body).then(
    (res) => {
      if (!res || typeof res.job_id !== 'string' || !res.job_id) throw new Error('No job ID returned from API');
      return res;
    },
    (error: unknown) => {
      if (error instanceof ApiError && !hasDetail(error)) {
        throw new ApiError(`Failed to start lesson generation: ${error.status}`, error.status, error.statusText, error.body);
      }
      throw error;
    },
  );
}

/** SPEC 8: the server's detail text, else 'Failed to start batch generation'. */
export function generateAllLessonVideos(body: BatchLessonRequest): Promise<BatchLessonResponse> {
  return api.post<BatchLessonResponse>('/api/generate-all-lesson-videos', body).then(
    (res) => {
      const ids = res?.job_ids;
      if (!Array.isArray(ids) || ids.length !== body.lesson_indices.length || ids.some((id) => typeof id !== 'string' || !id)) {
        throw new Error('No job ID returned from API');
      }
      return res;
    },
    (error: unknown) => {
      if (error instanceof ApiError && !hasDetail(error)) {
        throw new ApiError('Failed to start batch generation', error.status, error.statusText, error.body);
      }
      throw error;
    },
  );
}
