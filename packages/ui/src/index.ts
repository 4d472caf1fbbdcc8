export { theme, type Theme } from './theme';
export { GlobalStyle } from './GlobalStyle';
export { ThemeProvider } from './ThemeProvider';
export { AppProviders } from './AppProviders';
export { afterNextPaint, useAfterFirstPaint } from './hooks/useAfterFirstPaint';
export {
  Button,
  ButtonLink,
  type ButtonProps,
  type ButtonLinkProps,
  type ButtonVariant,
  type ButtonSize,
} from './components/Button';
export { buttonLook, buttonStyles, type ButtonLook, type ButtonStyleProps } from './components/buttonStyles';
export { Card, type CardProps } from './components/Card';
export { Spinner, type SpinnerProps, type SpinnerSize } from './components/Spinner';
export { PageContainer } from './components/PageContainer';
export { TextField, type TextFieldProps } from './components/TextField';
export { PasswordField, type PasswordFieldProps } from './components/PasswordField';
export { Alert, type AlertProps, type AlertVariant } from './components/Alert';
export { TextButton, type TextButtonProps } from './components/TextButton';
export { Toaster, TOAST_ROOM } from './components/Toaster';
export { Dialog, DialogActions, DIALOG_FADE_OUT_MS, type DialogProps, type DialogSize } from './components/Dialog';
export { VisuallyHidden } from './components/VisuallyHidden';
export { Badge, type BadgeProps, type BadgeVariant } from './components/Badge';
export { BuildLabel, type BuildLabelProps } from './components/BuildLabel';
export { UpgradePrompt, PREMIUM_BENEFITS, type UpgradePromptProps } from './components/UpgradePrompt';
export { RestAlertSwitch, type RestAlertSwitchProps } from './components/RestAlertSwitch';
export { selectOnFocus } from './hooks/selectOnFocus';
