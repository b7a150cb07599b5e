import { useEffect, useState } from 'react';

const QUERY = '(max-width: 767px)';

/** True on a phone-sized window (the sort popover is 300 px wide there, 570 px otherwise). */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(() => typeof window !== 'undefined' && window.matchMedia(QUERY).matches);
  useEffect(() => {
    const list = window.matchMedia(QUERY);
    const handleChange = () => setMobile(list.matches);
    list.addEventListener('change', handleChange);
    return () => list.removeEventListener('change', handleChange);
  }, []);
  return mobile;
}
