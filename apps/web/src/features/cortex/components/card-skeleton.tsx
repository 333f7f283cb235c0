import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';

/** The shape of a card while its data is on its way (the page says "Loading" once, above). */
export function CardSkeleton({ hasChart = false }: { hasChart?: boolean }) {
  return (
    <Card variant="outlined" aria-hidden="true">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Skeleton variant="text" width="40%" height={32} />
        <Skeleton variant="text" width="70%" />
        <Skeleton variant="rounded" height={8} />
        {hasChart ? <Skeleton variant="rounded" height={140} /> : <Skeleton variant="text" />}
      </CardContent>
    </Card>
  );
}

/** A few card skeletons in the page's grid, announced once as loading. */
export function CardSkeletonList({ label, hasChart }: { label: string; hasChart?: boolean }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-busy="true"
      aria-label={label}
      sx={{ display: 'grid', gap: 2 }}
    >
      {[0, 1, 2].map((index) => (
        <CardSkeleton key={index} hasChart={hasChart ?? false} />
      ))}
    </Box>
  );
}
