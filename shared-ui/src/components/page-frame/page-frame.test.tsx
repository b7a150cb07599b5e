import { render, screen } from '@testing-library/react';
import { PageFrame } from './page-frame';

describe('PageFrame', () => {
  it('shows the title as a heading and the content inside the frame', () => {
    render(
      <PageFrame title="CHỌN MÁY IN">
        <p>nội dung</p>
      </PageFrame>,
    );
    // The page's one h1: the header and menu hold none, so every signed-in page has exactly this one.
    expect(screen.getByRole('heading', { name: 'CHỌN MÁY IN', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('nội dung')).toBeInTheDocument();
  });
});
