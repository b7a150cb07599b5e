/** A spinner drawn with CSS only (no antd), for the first paint and lazy chunks. */
export function FullPageSpinner() {
  return (
    <div role="status" aria-busy="true" style={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <div
        style={{
          width: 32,
          height: 32,
          border: '3px solid #c9d6f0',
          borderTopColor: '#1a4d9c',
          borderRadius: '50%',
          animation: 'sp 0.8s linear infinite',
        }}
      />
    </div>
  );
}
