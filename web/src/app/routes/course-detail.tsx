import { Link, useLocation, useParams } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { Icon } from '@/components/ui/icon';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function CourseDetailRoute() {
  const { courseId = '' } = useParams();
  // SPEC 2.1: the course arrives through navigation state.
  const state = useLocation().state as { course?: { title?: unknown } } | null;
  const title = typeof state?.course?.title === 'string' ? state.course.title : 'Course';
  useDocumentTitle(title);
  return (
    <div className="container page">
      <Link to={paths.courses} className="back-link">
        <Icon name="arrow-left" /> Back to courses
      </Link>
      <PageHeader title={title} />
      <ComingSoon
        icon="layers"
        title="Course pages are coming soon"
        description={`The lessons of course ${courseId}, their videos and progress will be shown here.`}
      />
    </div>
  );
}
