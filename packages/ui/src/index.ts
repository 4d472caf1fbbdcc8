export { theme, type Theme } from './theme';
export { GlobalStyle } from './GlobalStyle';
export { ThemeProvider } from './ThemeProvider';
export { AppProviders } from './AppProviders';
export { Button, ButtonLink, type ButtonProps, type ButtonLinkProps, type ButtonVariant, type ButtonSize } from './components/Button';
export { Card, type CardProps } from './components/Card';
export { Spinner, type SpinnerProps, type SpinnerSize } from './components/Spinner';
export { PageContainer } from './components/PageContainer';
