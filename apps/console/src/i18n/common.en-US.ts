import type { CommonTexts } from './types'

export const common: CommonTexts = {
  appName: 'ESS Operator Console',
  language: 'Language',
  languageNames: { 'zh-CN': '简体中文', 'en-US': 'English' },
  roles: {
    admin: 'Administrator',
    content_editor: 'Content editor',
    content_publisher: 'Content publisher',
    agreement_manager: 'Agreement manager',
    roster_manager: 'Roster manager',
    support_agent: 'Support agent',
    auditor: 'Auditor',
  },
  menu: { home: 'Home', audit: 'Audit log', security: 'My security', support: 'Support look-up', roster: 'Roster', operators: 'Operators', notices: 'Notices' },
  operatorMenu: { security: 'My security', signOut: 'Sign out', roles: 'Roles' },
  errors: {
    network: 'The network failed; please try again',
    unknown: 'Something went wrong; please try again',
    secureContext: 'The browser cannot encrypt the password at this address: open the console over https or on localhost',
  },
  actions: { cancel: 'Cancel', confirm: 'OK', copy: 'Copy', copied: 'Copied', download: 'Download', search: 'Search', reset: 'Reset', retry: 'Try again' },
  notFound: { title: 'This page does not exist', back: 'Back to home' },
  refine: {
    'buttons.refresh': 'Refresh',
    'buttons.logout': 'Sign out',
    'table.actions': 'Actions',
    'notifications.error': 'Something went wrong',
    'pages.error.404': 'This page does not exist',
    'pages.error.backHome': 'Back to home',
    'warnWhenUnsavedChanges': 'You have unsaved changes; leave anyway?',
  },
}
