import { errorDetail } from '@/lib/api-client';
import type { Level } from '@/lib/levels';
import { startJob } from '@/lib/start-job';
import type { Sent } from '@/types/api';
import type { components } from '@/types/openapi';

/** The body of POST /api/generate-course: SPEC 3's course form plus user_id (never a dry run here). */
export type CourseRequest = Omit<Sent<components['schemas']['GenerateCourse']>, 'dry_run'> & { detailLevel: Level };

export type GenerateCourseResponse = components['schemas']['Started'];

/** SPEC 8: a course call that is not ok fails with 'Course generation failed: {status}' (the server's reason follows). */
export function generateCourse(body: CourseRequest): Promise<GenerateCourseResponse> {
  return startJob<GenerateCourseResponse>('/api/generate-course', body, {
    failure: (error) => {
      const detail = errorDetail(error);
      return `Course generation failed: ${error.status}${typeof detail === 'string' && detail ? `. ${detail}` : ''}`;
    },
  });
}
