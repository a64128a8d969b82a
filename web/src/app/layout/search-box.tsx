import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';

/** SPEC 2.3: a non-empty query navigates to /search?q=... */
export function SearchBox({ onSearched }: { onSearched?: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const onSearchPage = location.pathname === '/search';
  const current = onSearchPage ? (params.get('q') ?? '') : '';
  const [query, setQuery] = useState(current);
  const id = useId();

  useEffect(() => setQuery(current), [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    navigate(paths.search(q));
    onSearched?.();
  };

  return (
    <form role="search" className="search-box" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Search your library
      </label>
      <Icon name="search" className="search-box__icon" />
      <input
        id={id}
        type="search"
        className="search-box__input"
        placeholder="Search courses, lessons, solutions"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
      />
    </form>
  );
}
