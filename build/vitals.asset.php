<?php return array('dependencies' => array(), 'version' => 'c4d1294fb3f43d656e3e');
