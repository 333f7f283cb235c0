import { VALIDATION } from '@app/contracts/common';
import { PHOTO_EXTENSIONS, PHOTO_MAX_BYTES, type TCurrentUser } from '@app/contracts/users';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageDialog } from '../../../components/message-dialog';
import { isApiError } from '../../../lib/api-error';
import { getErrorMessage } from '../../../lib/error-message';
import { useUploadProfilePhoto } from '../api/upload-profile-photo';

const ACCEPTED_TYPES = ['image/jpeg', 'image/gif', 'image/png'];
const ACCEPT = [...PHOTO_EXTENSIONS.map((extension) => `.${extension}`), ...ACCEPTED_TYPES].join(
  ',',
);

/** The i18n key of what is wrong with the chosen file, or null when it may be uploaded. */
function findPhotoProblem(file: File): string | null {
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  const isExtensionAccepted = PHOTO_EXTENSIONS.some((accepted) => accepted === extension);
  const isTypeAccepted = file.type === '' || ACCEPTED_TYPES.includes(file.type);
  if (!isExtensionAccepted || !isTypeAccepted) return VALIDATION.imageType;
  if (file.size > PHOTO_MAX_BYTES) return VALIDATION.imageTooLarge;
  return null;
}

/** The i18n key of an upload refusal that belongs in the "Image Error" dialog. */
function findImageErrorKey(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.status === 413 || error.code === 'PAYLOAD_TOO_LARGE') return VALIDATION.imageTooLarge;
  if (error.fields.image !== undefined) return error.fields.image;
  // The upload carries nothing but the image: a refused upload is a refused image.
  return error.code === 'VALIDATION' ? VALIDATION.imageType : null;
}

export function ProfilePhoto({ user }: { user: TCurrentUser }) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadProfilePhoto();
  const [preview, setPreview] = useState<string | null>(null);
  const [imageErrorKey, setImageErrorKey] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview !== null) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Let the same file be chosen again after an error.
    event.target.value = '';
    if (file === undefined) return;
    const problem = findPhotoProblem(file);
    if (problem !== null) {
      setImageErrorKey(problem);
      return;
    }
    setPreview(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
    upload.mutate(file, {
      onSettled: () => {
        setPreview(null);
      },
      onError: (error) => {
        const key = findImageErrorKey(error);
        if (key !== null) setImageErrorKey(key);
      },
    });
  };

  const uploadError = upload.isError && findImageErrorKey(upload.error) === null;
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Avatar
        src={preview ?? user.photoUrl ?? undefined}
        alt={t('account.profile.photoAlt')}
        sx={{ width: 80, height: 80, fontSize: 28, bgcolor: 'secondary.main' }}
      >
        {initials}
      </Avatar>
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACCEPT}
          hidden
          onChange={onFileChange}
          aria-label={t('account.profile.uploadPhoto')}
        />
        <Box>
          <Button
            variant="outlined"
            startIcon={<PhotoCameraIcon />}
            loading={upload.isPending}
            loadingPosition="start"
            onClick={() => inputRef.current?.click()}
          >
            {t('account.profile.uploadPhoto')}
          </Button>
        </Box>
        <Typography variant="caption" color="text.secondary">
          {t('account.profile.photoHint')}
        </Typography>
      </Box>
      {uploadError ? (
        <Alert severity="error" sx={{ width: '100%' }}>
          {getErrorMessage(t, upload.error)}
        </Alert>
      ) : null}
      <MessageDialog
        isOpen={imageErrorKey !== null}
        title={t('account.profile.imageErrorTitle')}
        message={imageErrorKey === null ? '' : t(imageErrorKey)}
        onClose={() => {
          setImageErrorKey(null);
        }}
      />
    </Box>
  );
}
