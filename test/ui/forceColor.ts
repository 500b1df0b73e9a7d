// Imported before Ink: chalk decides its colour level when first loaded, and a test process has
// no TTY, so without this no frame would carry colour codes and NO_COLOR could not be told apart.
process.env['FORCE_COLOR'] = '1';
