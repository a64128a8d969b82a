import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AreaError } from '@/components/errors/area-error';
import { CrashScreen } from '@/components/errors/crash-screen';
import { ErrorBoundary } from '@/components/errors/error-boundary';

function Bomb({ explode }: { explode: boolean }) {
  if (explode) throw new Error('kaboom');
  return <p>All good</p>;
}

describe('error boundaries', () => {
  it('shows the full-page crash screen of SPEC 2.3', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary area="app" fallback={() => <CrashScreen />}>
        <Bomb explode />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('The app encountered an error. Please refresh the page to try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });

  it('keeps a crash inside its area and lets the user try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Area() {
      const [explode, setExplode] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setExplode(false)}>
            fix
          </button>
          <ErrorBoundary area="page" fallback={({ reset }) => <AreaError title="This page could not be shown" reset={reset} />}>
            <Bomb explode={explode} />
          </ErrorBoundary>
          <p>Navigation still here</p>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Area />);
    expect(screen.getByText('This page could not be shown')).toBeInTheDocument();
    expect(screen.getByText('Navigation still here')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'fix' }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('All good')).toBeInTheDocument();
  });

  it('resets when its key changes (a new page)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fallback = () => <p>Broken</p>;
    const { rerender } = render(
      <ErrorBoundary area="page" resetKey="/a" fallback={fallback}>
        <Bomb explode />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Broken')).toBeInTheDocument();
    rerender(
      <ErrorBoundary area="page" resetKey="/b" fallback={fallback}>
        <Bomb explode={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeInTheDocument();
  });
});
