import { ApiError, api } from '@/lib/api-client';
import type { Level } from '@/lib/levels';
import type { Sent } from '@/types/api';
import type { components } from '@/types/openapi';

/** The body of POST /api/generate-course: SPEC 3's course form plus user_id (never a dry run here). */
export type CourseRequest = Omit<Sent<components['schemas']['GenerateCourse']>, 'dry_run'> & { detailLevel: Level };

export type GenerateCourseResponse = components['schemas']['Started'];

function detailOf(error: ApiError): string | null {
  const body = error.body as { detail?: unknown } | undefined;
  return body && typeof body.detail === 'string' && body.detail ? body.detail : null;
}

/** SPEC 8: a course call that is not ok fails with 'Course generation failed: {status}' (the server's reason follows). */
export function generateCourse(body: CourseRequest): Promise<GenerateCourseResponse> {
  return api.post<GenerateCourseResponse>('/api/generate-course', body).then(
    (res) => {
      if (!res || typeof res.job_id !== 'string' || !res.job_id) throw new Error('No job ID returned from API');
      return res;
    },
    (error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      const detail = detailOf(error);
      throw new ApiError(
        `Course generation failed: ${error.status}${detail ? `. ${detail}` : ''}`,
        error.status,
        error.statusText,
        error.body,
      );
    },
  );
}
