import { extractErrorMessage, refusalType, type ApiError } from '@/lib/api-client';
import { newQueueJob } from '@/lib/queue-job';
import { limits } from '@/types/limits';
import { generateCourse, type CourseRequest } from '@/features/create/api/generate-course';
import { SOURCES_REFUSED, generationHook, generationText } from '@/features/create/hooks/use-generation';
import { COURSE_COST, buildCourseRequest, type CourseForm } from '@/features/create/lib/course-request';

/** The texts of a course's generation, in the manner of SPEC 4.2. */
export const COURSE_TEXT = generationText('Course', 'course', {
  initializing: 'Planning your course...',
  ready: 'Course ready! Open it to make the lesson videos.',
});

/**
 * A 422 on `source_ids` in plain words: a chosen document is no longer the learner's, too many
 * were chosen, or (the server's own words, which say what to do) they are too short for a course.
 */
export function courseSourcesRefusal(error: ApiError): string {
  switch (refusalType(error)) {
    case 'not_found':
      return SOURCES_REFUSED;
    case 'too_long':
      return `Choose at most ${limits.video.maxSources} documents for one course.`;
    default:
      return extractErrorMessage(error.body, error.status, error.statusText);
  }
}

/** The create-course screen's view of one course's generation. */
export const useCourseGeneration = generationHook<CourseForm, CourseRequest>({
  build: buildCourseRequest,
  // SPEC 5: a course's queue title is its goal, or 'New Course'.
  queueEntry: ({ goal, backgroundKnowledge, detailLevel }) =>
    newQueueJob({ type: 'course', goal }, { credits: COURSE_COST, backgroundKnowledge, detailLevel }),
  send: generateCourse,
  text: COURSE_TEXT,
  label: 'Course generation',
  refusals: { source_ids: courseSourcesRefusal },
});
