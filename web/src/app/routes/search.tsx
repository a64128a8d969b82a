import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { parseItemType, SearchResults } from '@/features/library/components/search-results';

export function SearchRoute() {
  const [params] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const type = parseItemType(params.get('type'));
  const { user } = useAuth();
  useDocumentTitle(query ? `Search: ${query}` : 'Search');
  return (
    <div className="container page">
      <PageHeader
        title={query ? `Results for “${query}”` : 'Search'}
        description="Search across your courses, lessons and solutions: titles, topics, descriptions and what the videos say."
      />
      {!query ? (
        <p className="search-summary">Type a word in the search box above to find anything you made.</p>
      ) : user ? (
        <SearchResults key={`${query}|${type ?? ''}`} userId={user.uid} q={query} type={type} />
      ) : null}
    </div>
  );
}
