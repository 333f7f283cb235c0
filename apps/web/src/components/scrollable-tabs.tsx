import type { Theme } from '@mui/material/styles';
import Tabs, { type TabsProps } from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * Tabs that scroll sideways when they do not fit, with the scroll arrows on phones too.
 *
 * MUI mounts the arrows only once it sees the tabs overflow; that narrows the bar after the
 * current tab was scrolled into view, and its scrolling animation can then leave the tab hidden
 * behind the end arrow (seen at 360 px). On a phone the arrows are therefore there from the start,
 * so the bar keeps its width.
 */
export function ScrollableTabs(props: TabsProps) {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Tabs
      variant="scrollable"
      scrollButtons={isPhone ? true : 'auto'}
      allowScrollButtonsMobile
      {...props}
    />
  );
}
