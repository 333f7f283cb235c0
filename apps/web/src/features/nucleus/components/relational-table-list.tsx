import DeleteIcon from '@mui/icons-material/Delete';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnSetting } from '../utils/column-choices';
import { ColumnSettingsTable } from './column-settings-table';
import { PrimaryKeySelect } from './primary-key-select';
import { isTableName, type PlannedTable } from '../utils/relational-plan';
import { countText } from '../utils/count-text';

type RelationalTableListProps = {
  tables: readonly PlannedTable[];
  onRename: (index: number, name: string) => void;
  onPrimaryKeyChange: (index: number, primaryKey: string) => void;
  onColumnChange: (index: number, name: string, setting: ColumnSetting) => void;
  onRemove: (index: number) => void;
};

/**
 * The uploaded tables: each one's name in the run, its primary key (the profile's suggestion)
 * and, opened on demand, its columns' keep / drop / replace and type overrides.
 */
export function RelationalTableList(props: RelationalTableListProps) {
  const { tables, onRename, onPrimaryKeyChange, onColumnChange, onRemove } = props;
  const { t } = useTranslation();
  const [openRunIds, setOpenRunIds] = useState<ReadonlySet<string>>(new Set());
  const names = tables.map((table) => table.name);
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
      {tables.map((table, index) => {
        const isDuplicate = names.indexOf(table.name) !== index;
        const nameError = !isTableName(table.name)
          ? t('nucleus.relational.nameInvalid')
          : isDuplicate
            ? t('nucleus.relational.nameTaken')
            : null;
        const runId = table.profile.runId;
        const isOpen = openRunIds.has(runId);
        const columnsId = `columns-${runId}`;
        return (
          <Paper
            component="li"
            variant="outlined"
            key={table.profile.runId}
            aria-label={table.profile.fileName}
            sx={{
              p: 1.5,
              display: 'grid',
              gap: 1.5,
              alignItems: 'start',
              gridTemplateColumns: { xs: '1fr auto', md: 'minmax(0, 1.2fr) 1fr 1fr auto' },
            }}
          >
            <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / 2', md: 'auto' } }}>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {table.profile.fileName}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('nucleus.profile.summary', {
                  rows: countText(t, 'rows', table.profile.rowCount),
                  columns: countText(t, 'columns', table.profile.columnCount),
                })}
              </Typography>
            </Box>
            <IconButton
              aria-label={t('nucleus.relational.remove', { name: table.profile.fileName })}
              onClick={() => {
                onRemove(index);
              }}
              sx={{ gridColumn: { xs: '2 / 3', md: '4 / 5' }, gridRow: { xs: '1', md: '1' } }}
            >
              <DeleteIcon />
            </IconButton>
            <TextField
              size="small"
              label={t('nucleus.relational.tableName')}
              value={table.name}
              error={nameError !== null}
              helperText={nameError ?? ' '}
              onChange={(event) => {
                onRename(index, event.target.value);
              }}
              sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
            />
            <PrimaryKeySelect
              profile={table.profile}
              value={table.primaryKey}
              noKeyHelp={t('nucleus.relational.noKeyHelp')}
              onChange={(primaryKey) => {
                onPrimaryKeyChange(index, primaryKey);
              }}
              sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
            />
            <Box sx={{ gridColumn: '1 / -1', minWidth: 0, display: 'grid', gap: 1 }}>
              <Button
                size="small"
                aria-expanded={isOpen}
                aria-controls={columnsId}
                startIcon={isOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                onClick={() => {
                  setOpenRunIds((current) => {
                    const next = new Set(current);
                    if (isOpen) next.delete(runId);
                    else next.add(runId);
                    return next;
                  });
                }}
                sx={{ justifySelf: 'start' }}
              >
                {t('nucleus.relational.columns', { name: table.name || table.profile.fileName })}
              </Button>
              {isOpen ? (
                <Box id={columnsId}>
                  <ColumnSettingsTable
                    profile={table.profile}
                    primaryKey={table.primaryKey}
                    settings={table.settings}
                    onChange={(name, setting) => {
                      onColumnChange(index, name, setting);
                    }}
                  />
                </Box>
              ) : null}
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}
