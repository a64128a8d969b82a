import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { LibraryContent, type LibraryTab } from '@/features/library/components/library-content';
import { PreloadLink } from '@/app/preload/preload-link';

const tabs: { id: LibraryTab; label: string; to: string }[] = [
  { id: 'all', label: 'All', to: paths.library },
  { id: 'courses', label: 'Courses', to: paths.libraryCourses },
  { id: 'lessons', label: 'Lessons', to: paths.libraryLessons },
  { id: 'solutions', label: 'Solutions', to: paths.librarySolutions },
];

export function LibraryRoute({ tab }: { tab: LibraryTab }) {
  useDocumentTitle('Library');
  const { user } = useAuth();
  return (
    <div className="container page">
      <PageHeader
        title="Your library"
        description="Courses, lessons and problem solutions you have created. Publish one to list it in Explore."
        actions={
          <Link to={paths.create} className="btn btn--primary">
            <Icon name="plus" /> Create
          </Link>
        }
      />
      <nav className="tabs" aria-label="Library sections">
        {tabs.map((t) => (
          <PreloadLink key={t.id} to={t.to} className="tabs__tab" aria-current={t.id === tab ? 'page' : undefined}>
            {t.label}
          </PreloadLink>
        ))}
      </nav>
      <div className="library-body">{user ? <LibraryContent tab={tab} userId={user.uid} /> : null}</div>
    </div>
  );
}
