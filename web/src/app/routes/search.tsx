import { Link, useSearchParams } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function SearchRoute() {
  const [params] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  useDocumentTitle(query ? `Search: ${query}` : 'Search');
  return (
    <div className="container page">
      <PageHeader
        title={query ? `Results for “${query}”` : 'Search'}
        description="Search across your courses, lessons and solutions."
      />
      <ComingSoon
        icon="search"
        title="Search is coming soon"
        description="Finding your courses and videos by title, topic and subject is being built."
      >
        <Link to={paths.library} className="btn btn--secondary">
          Go to your library
        </Link>
      </ComingSoon>
    </div>
  );
}
