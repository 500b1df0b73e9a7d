/** Where the demo's agents work: the working_dir of the seeded sandbox specs (../seedData.ts). */
export const WORKDIR = '/workspace/project';
