import type { TRelationship } from '@app/contracts/nucleus';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PlannedTable } from '../utils/relational-plan';

type RelationalLinksProps = {
  tables: readonly PlannedTable[];
  links: readonly TRelationship[];
  onChange: (links: TRelationship[]) => void;
};

/** The foreign keys: a child table's column → the parent table whose primary key it holds. */
export function RelationalLinks({ tables, links, onChange }: RelationalLinksProps) {
  const { t } = useTranslation();
  const update = (index: number, change: Partial<TRelationship>) => {
    onChange(links.map((link, at) => (at === index ? { ...link, ...change } : link)));
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {links.length === 0 ? (
        <Typography color="text.secondary">{t('nucleus.relational.noLinks')}</Typography>
      ) : null}
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
        {links.map((link, index) => {
          const child = tables.find((table) => table.name === link.child);
          const number = index + 1;
          return (
            <Box
              component="li"
              key={index}
              aria-label={t('nucleus.relational.link', { number })}
              sx={{
                display: 'grid',
                gap: 1,
                alignItems: 'center',
                gridTemplateColumns: { xs: '1fr auto', sm: '1fr 1fr auto 1fr auto' },
              }}
            >
              <TextField
                select
                size="small"
                label={t('nucleus.relational.child')}
                value={child === undefined ? '' : link.child}
                onChange={(event) => {
                  update(index, { child: event.target.value, foreignKey: '' });
                }}
                sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' } }}
              >
                {tables.map((table) => (
                  <MenuItem key={table.profile.runId} value={table.name}>
                    {table.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label={t('nucleus.relational.foreignKey')}
                value={
                  child?.profile.columns.some((column) => column.name === link.foreignKey)
                    ? link.foreignKey
                    : ''
                }
                onChange={(event) => {
                  update(index, { foreignKey: event.target.value });
                }}
                sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' } }}
              >
                {(child?.profile.columns ?? []).map((column) => (
                  <MenuItem key={column.name} value={column.name}>
                    {column.name}
                  </MenuItem>
                ))}
              </TextField>
              <Typography
                aria-hidden="true"
                color="text.secondary"
                sx={{ display: { xs: 'none', sm: 'block' } }}
              >
                →
              </Typography>
              <TextField
                select
                size="small"
                label={t('nucleus.relational.parent')}
                value={tables.some((table) => table.name === link.parent) ? link.parent : ''}
                onChange={(event) => {
                  update(index, { parent: event.target.value });
                }}
                sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' } }}
              >
                {tables.map((table) => (
                  <MenuItem key={table.profile.runId} value={table.name}>
                    {table.name}
                  </MenuItem>
                ))}
              </TextField>
              <IconButton
                aria-label={t('nucleus.relational.removeLink', { number })}
                onClick={() => {
                  onChange(links.filter((_, at) => at !== index));
                }}
                sx={{ gridColumn: { xs: '2 / 3', sm: 'auto' }, gridRow: { xs: '1', sm: 'auto' } }}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          );
        })}
      </Box>
      <Box>
        <Button
          startIcon={<AddIcon />}
          disabled={tables.length < 2}
          onClick={() => {
            onChange([
              ...links,
              { child: tables[1]?.name ?? '', foreignKey: '', parent: tables[0]?.name ?? '' },
            ]);
          }}
        >
          {t('nucleus.relational.addLink')}
        </Button>
      </Box>
    </Box>
  );
}
