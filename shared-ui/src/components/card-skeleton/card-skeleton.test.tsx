import { render, screen } from '@testing-library/react';
import { CardSkeletons } from './card-skeleton';

describe('CardSkeletons', () => {
  it('draws the asked number of placeholder cards inside one busy status region', () => {
    render(<CardSkeletons count={3} />);
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByTestId('card-skeleton')).toHaveLength(3);
  });
});
