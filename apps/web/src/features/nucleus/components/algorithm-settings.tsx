import type { TAlgorithm } from '@app/contracts/nucleus';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/form-text-field';
import type { AlgorithmValues } from '../utils/algorithm-choice';
import {
  defaultValues,
  EXPLAINED_ALGORITHMS,
  EXPLAINED_PARAMETERS,
  tunableParameters,
} from '../utils/algorithm-parameters';

function isExplained<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/**
 * The algorithm, each explained in the user's language, and the chosen one's parameters with
 * what they do (the differential-privacy budget epsilon among them): the `algorithm` and
 * `parameters` values of the surrounding `<Form>` (see `AlgorithmValues`).
 */
export function AlgorithmSettings({ algorithms }: { algorithms: TAlgorithm[] }) {
  const { t } = useTranslation();
  const form = useFormContext<AlgorithmValues>();
  const { field } = useController<AlgorithmValues, 'algorithm'>({ name: 'algorithm' });
  const algorithm = field.value;
  const chosen = algorithms.find((candidate) => candidate.name === algorithm);
  const name = (value: string) =>
    isExplained(EXPLAINED_ALGORITHMS, value) ? t(`nucleus.algorithms.${value}.name`) : value;
  const description = (value: string) =>
    isExplained(EXPLAINED_ALGORITHMS, value)
      ? t(`nucleus.algorithms.${value}.description`)
      : t('nucleus.algorithms.other');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FormControl>
        <FormLabel id="nucleus-algorithm">{t('nucleus.synthesize.algorithm')}</FormLabel>
        <RadioGroup
          aria-labelledby="nucleus-algorithm"
          value={algorithm}
          onChange={(event) => {
            const next = algorithms.find((candidate) => candidate.name === event.target.value);
            field.onChange(event.target.value);
            form.clearErrors('parameters');
            form.setValue('parameters', next === undefined ? {} : defaultValues(next));
          }}
          sx={{ gap: 1, mt: 1 }}
        >
          {algorithms.map((candidate) => (
            <FormControlLabel
              key={candidate.name}
              value={candidate.name}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 } }}
              label={
                <Box>
                  <Typography>{name(candidate.name)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {description(candidate.name)}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      {chosen === undefined || tunableParameters(chosen).length === 0 ? null : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {tunableParameters(chosen).map((parameter) => {
            const explained = isExplained(EXPLAINED_PARAMETERS, parameter.name);
            const hint = explained
              ? t(`nucleus.parameters.${parameter.name}.help`)
              : t('nucleus.parameters.other');
            const label = explained
              ? t(`nucleus.parameters.${parameter.name}.label`)
              : parameter.name;
            const name = `parameters.${parameter.name}` as const;
            const choices = parameter.values;
            return choices === undefined ? (
              <FormTextField
                key={name}
                name={name}
                label={label}
                hint={hint}
                inputMode={parameter.type === 'integer' ? 'numeric' : 'decimal'}
              />
            ) : (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field: choice }) => (
                  <TextField
                    select
                    label={label}
                    name={choice.name}
                    value={choice.value}
                    helperText={hint}
                    onChange={choice.onChange}
                    onBlur={choice.onBlur}
                    inputRef={choice.ref}
                  >
                    {choices.map((value) => (
                      <MenuItem key={value} value={value}>
                        {value === 'auto' || value === 'empirical'
                          ? t(`nucleus.parameters.marginal.${value}`)
                          : value}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            );
          })}
        </Box>
      )}
    </Box>
  );
}
