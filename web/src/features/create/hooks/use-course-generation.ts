import { newQueueJob } from '@/lib/queue-job';
import { generateCourse, type CourseRequest } from '@/features/create/api/generate-course';
import { generationHook, generationText } from '@/features/create/hooks/use-generation';
import { COURSE_COST, buildCourseRequest, type CourseForm } from '@/features/create/lib/course-request';

/** The texts of a course's generation, in the manner of SPEC 4.2. */
export const COURSE_TEXT = generationText('Course', 'course', {
  initializing: 'Planning your course...',
  ready: 'Course ready! Open it to make the lesson videos.',
});

/** The create-course screen's view of one course's generation. */
export const useCourseGeneration = generationHook<CourseForm, CourseRequest>({
  build: buildCourseRequest,
  // SPEC 5: a course's queue title is its goal, or 'New Course'.
  queueEntry: ({ goal, backgroundKnowledge, detailLevel }) =>
    newQueueJob({ type: 'course', goal }, { credits: COURSE_COST, backgroundKnowledge, detailLevel }),
  send: generateCourse,
  text: COURSE_TEXT,
  label: 'Course generation',
});
