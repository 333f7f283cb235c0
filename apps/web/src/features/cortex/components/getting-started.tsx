import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The three steps from a new team to a module in use. */
export function GettingStarted() {
  const { t } = useTranslation();
  const steps = [
    { title: t('cortex.welcome.steps.choose.title'), text: t('cortex.welcome.steps.choose.text') },
    {
      title: t('cortex.welcome.steps.subscribe.title'),
      text: t('cortex.welcome.steps.subscribe.text'),
    },
    { title: t('cortex.welcome.steps.use.title'), text: t('cortex.welcome.steps.use.text') },
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="cortex-steps" sx={{ p: 2 }}>
      <Typography id="cortex-steps" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('cortex.welcome.steps.title')}
      </Typography>
      <Box
        component="ol"
        sx={{
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
          listStyle: 'none',
        }}
      >
        {steps.map((step, index) => (
          <Box component="li" key={step.title} sx={{ display: 'flex', gap: 1.5, minWidth: 0 }}>
            <Box
              aria-hidden="true"
              sx={{
                flex: 'none',
                width: 28,
                height: 28,
                borderRadius: '50%',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 600,
              }}
            >
              {index + 1}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {step.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {step.text}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
