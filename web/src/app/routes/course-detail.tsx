import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { courseQueryKey, courseQueryOptions, type CourseLesson } from '@/features/courses/api/get-course';
import { CoursePage } from '@/features/courses/components/course-page';
import { CourseLoading, CourseUnavailable } from '@/features/courses/components/course-states';
import {
  useLessonGeneration,
  useLessonJobs,
  useRefreshOnLessonCompleted,
} from '@/features/queue/hooks/use-lesson-generation';

/** SPEC 2.1: the course detail page; the course may arrive through navigation state (its title shows at once). */
export function CourseDetailRoute() {
  const { courseId = '' } = useParams();
  const state = useLocation().state as { course?: { title?: unknown } } | null;
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const course = useQuery(courseQueryOptions(courseId));
  const stateTitle = typeof state?.course?.title === 'string' ? state.course.title : null;
  const title = course.data?.title ?? stateTitle ?? 'Course';
  useDocumentTitle(title);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: courseQueryKey(courseId) }),
    [queryClient, courseId],
  );
  // SPEC 4.1: a finished lesson of this course refreshes it 500 ms later.
  useRefreshOnLessonCompleted(courseId, refresh);
  const live = useLessonJobs(courseId);
  const { startLesson, startLessons } = useLessonGeneration(user?.uid, courseId, course.data?.detail_level);

  const onGenerateLesson = async (lesson: CourseLesson) => {
    await startLesson({ index: lesson.lesson_index, title: lesson.title });
    await refresh();
  };
  const onGenerateAll = async (lessons: CourseLesson[]) => {
    await startLessons(lessons.map((l) => ({ index: l.lesson_index, title: l.title })));
    await refresh();
  };

  const notFound = course.error instanceof ApiError && course.error.status === 404;
  return (
    <div className="container page">
      <Link to={paths.courses} className="back-link">
        <Icon name="arrow-left" /> Back to courses
      </Link>
      {course.data ? (
        <CoursePage course={course.data} live={live} onGenerateLesson={onGenerateLesson} onGenerateAll={onGenerateAll} />
      ) : course.isError ? (
        <CourseUnavailable
          notFound={notFound}
          message={course.error instanceof Error ? course.error.message : 'Please try again.'}
          onRetry={() => void course.refetch()}
        />
      ) : (
        <CourseLoading title={stateTitle} />
      )}
    </div>
  );
}
