import { Link, useParams } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function CourseDetailRoute() {
  const { courseId = '' } = useParams();
  useDocumentTitle('Course');
  return (
    <div className="container page">
      <Link to={paths.courses} className="back-link">
        <Icon name="arrow-left" /> Back to courses
      </Link>
      <ComingSoon
        icon="layers"
        title="Course pages are coming soon"
        description={`The lessons of course ${courseId}, their videos and progress will be shown here.`}
      />
    </div>
  );
}
