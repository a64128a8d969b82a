import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EmbedButton } from '@/components/embed/embed-button';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}

describe('EmbedButton', () => {
  it('opens a dialog with the iframe snippet, and copies it', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    render(<EmbedButton kind="video" id="job-1" title="How Plants Eat Light" />);
    const button = screen.getByRole('button', { name: 'Embed' });
    await user.click(button);

    const dialog = screen.getByRole('dialog', { name: 'Embed this video' });
    const code = screen.getByRole('textbox', { name: 'Embed code' });
    expect(code).toHaveAttribute('readonly');
    expect(code).toHaveValue(
      `<iframe src="${window.location.origin}/embed/video/job-1" title="How Plants Eat Light – Lectern" width="640" height="360" style="border:0" allow="fullscreen" allowfullscreen></iframe>`,
    );
    expect(dialog).toHaveTextContent('How Plants Eat Light');
    expect(screen.getByRole('link', { name: /Preview/ })).toHaveAttribute('href', `${window.location.origin}/embed/video/job-1`);

    // Stubbed after userEvent.setup(), which installs its own clipboard.
    stubClipboard(writeText);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: /Copy/ }));
    expect(writeText).toHaveBeenCalledWith((code as HTMLTextAreaElement).value);
    expect(screen.getByRole('status')).toHaveTextContent('Copied');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('selects the code for the keyboard when copying is refused', async () => {
    const user = userEvent.setup();
    render(<EmbedButton kind="course" id="c1" title="Stars" />);
    await user.click(screen.getByRole('button', { name: 'Embed' }));
    stubClipboard(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    await user.click(screen.getByRole('button', { name: /Copy/ }));
    const code = screen.getByRole('textbox', { name: 'Embed code' }) as HTMLTextAreaElement;
    expect(code).toHaveFocus();
    expect(code.selectionEnd - code.selectionStart).toBe(code.value.length);
    expect(code.value).toContain('/embed/course/c1');
    expect(screen.getByRole('status')).toHaveTextContent('Copying is not allowed here');
  });
});
