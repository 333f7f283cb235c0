import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import Avatar from '@mui/material/Avatar';

/** A bank's logo (a data: URL from the bank list), or a bank icon when there is none. */
export function BankLogo({ logo, size = 28 }: { logo?: string | undefined; size?: number }) {
  return (
    <Avatar
      src={logo}
      alt=""
      variant="rounded"
      sx={{ width: size, height: size, bgcolor: logo ? 'transparent' : 'action.selected' }}
    >
      <AccountBalanceIcon fontSize="small" color="action" />
    </Avatar>
  );
}
