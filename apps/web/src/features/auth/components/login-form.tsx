import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COMPANY_NAME, canManageSchedule } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { decodeTokenClaims } from '../../../lib/session';
import { setToken } from '../../../lib/session-store';
import { useToast } from '../../../components/toast/toast-context';
import { LoginField } from './login-field';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { useRegistrationOpen } from '../api/get-registration-status';

type Mode = 'signIn' | 'register';

/** The 'Access Your Portal' card: sign in, or register a regular account. */
export function LoginForm() {
  const [mode, setMode] = useState<Mode>('signIn');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const loginMutation = useLogin();
  const registerMutation = useRegister();
  const isBusy = loginMutation.isPending || registerMutation.isPending;
  // REGISTRATION=closed (the default outside demo mode): no Register link at all.
  const registrationOpen = useRegistrationOpen();

  const signIn = () =>
    loginMutation.mutate(
      { username, password },
      {
        onSuccess: ({ access_token }) => {
          // A previous user's cached answers must not leak into this session.
          queryClient.clear();
          setToken(access_token);
          const role = decodeTokenClaims(access_token)?.role ?? 'regular';
          void navigate(canManageSchedule(role) ? '/import' : '/assignments', { replace: true });
        },
        onError: (error) => toast.error(`Login failed: ${errorMessage(error)}`),
      },
    );

  const signUp = () =>
    registerMutation.mutate(
      { username, email, password },
      {
        onSuccess: (created) => {
          toast.success(`User ${created.username} registered! Please log in.`);
          setMode('signIn');
          setPassword('');
        },
        onError: (error) => toast.error(`Registration failed: ${errorMessage(error)}`),
      },
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'signIn') signIn();
    else signUp();
  };

  const isRegister = mode === 'register' && registrationOpen;
  return (
    <Paper elevation={8} sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 420 }}>
      <Stack component="form" spacing={2.25} onSubmit={onSubmit} aria-label="Access Your Portal">
        <div>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            Access Your Portal
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {isRegister
              ? `Create an account with your ${COMPANY_NAME} email.`
              : 'Sign in to see your schedule.'}
          </Typography>
        </div>
        <LoginField
          label="Username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={setUsername}
        />
        {isRegister && (
          <LoginField
            label={`${COMPANY_NAME} Email`}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
          />
        )}
        <LoginField
          label="Password"
          name="password"
          type="password"
          autoComplete={isRegister ? 'new-password' : 'current-password'}
          value={password}
          onChange={setPassword}
        />
        <Button type="submit" variant="contained" size="large" disabled={isBusy}>
          {isRegister ? 'Register' : 'Sign In'}
        </Button>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          {registrationOpen && (
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => setMode(isRegister ? 'signIn' : 'register')}
            >
              {isRegister ? 'Already have an account? Sign In' : "Don't have an account? Register"}
            </Link>
          )}
          {!isRegister && (
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() =>
                toast.info(
                  'This is a demo: password recovery by email is not available. Ask an administrator to reset your password.',
                )
              }
            >
              Forgot password?
            </Link>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
