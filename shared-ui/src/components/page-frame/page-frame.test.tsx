import { render, screen } from '@testing-library/react';
import { PageFrame } from './page-frame';

describe('PageFrame', () => {
  it('shows the title as a heading and the content inside the frame', () => {
    render(
      <PageFrame title="CHỌN MÁY IN">
        <p>nội dung</p>
      </PageFrame>,
    );
    expect(screen.getByRole('heading', { name: 'CHỌN MÁY IN' })).toBeInTheDocument();
    expect(screen.getByText('nội dung')).toBeInTheDocument();
  });
});
