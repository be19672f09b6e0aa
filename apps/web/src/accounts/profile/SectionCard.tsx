import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

interface SectionCardProps {
  /** Names the section for assistive technology (aria-labelledby). */
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}

/** One section of the profile page. */
export function SectionCard({ id, title, description, children }: SectionCardProps) {
  const headingId = `${id}-title`;
  return (
    <Card
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid={`profile-section-${id}`}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
          {description}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
