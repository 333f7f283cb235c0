// Its own module, so that the chunk it makes holds MUI's Spanish texts and no other locale.
export { esES } from '@mui/material/locale';
